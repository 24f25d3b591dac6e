export function prerenderLandingPage(clientDir: string): Promise<{ file: string; bytes: number }>
