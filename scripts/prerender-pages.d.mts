export function prerenderPages(clientDir: string): Promise<{ file: string; bytes: number }[]>
