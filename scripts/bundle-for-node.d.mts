export const projectRoot: string
export function bundleDir(prefix: string): string
export function bundleForNode(
  entry: string,
  outfile: string,
  options?: Record<string, unknown>,
): Promise<void>
