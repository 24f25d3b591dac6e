export const MALLOC_ENV: Record<
  'MALLOC_MMAP_THRESHOLD_' | 'MALLOC_TRIM_THRESHOLD_' | 'MALLOC_ARENA_MAX',
  string
>
export const LAUNCHER_ENV: 'LEXIA_LAUNCHER'
export const PASS_PROCESS_ENV: 'LEXIA_PASS_PROCESS'
export function tunesMalloc(platform?: NodeJS.Platform): boolean
export function serverEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv
export function passExecArgv(execArgv: readonly string[]): string[]
export function firstPassAhead(env?: NodeJS.ProcessEnv): boolean
export function runServerProcess(
  entry: string,
  options?: {
    env?: NodeJS.ProcessEnv
    execArgv?: string[]
    firstPass?: boolean
    print?: (line: string) => void
  },
): Promise<number>
