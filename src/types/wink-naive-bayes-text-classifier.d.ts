/** The part of wink-naive-bayes-text-classifier's API that research/legal-intent.ts uses (the package has no types). */
declare module 'wink-naive-bayes-text-classifier' {
  type Odds = [label: string, log2Odds: number]
  interface NaiveBayesTextClassifier {
    definePrepTasks(tasks: ((input: string) => string[])[]): number
    defineConfig(config: { considerOnlyPresence?: boolean; smoothingFactor?: number }): boolean
    learn(input: string, label: string): boolean
    consolidate(): boolean
    computeOdds(input: string): Odds[]
    predict(input: string): string
    /** What was learnt, as JSON; `importJSON` reads it back into a classifier with the same prep tasks. */
    exportJSON(): string
    importJSON(json: string): boolean
  }
  export default function naiveBayes(): NaiveBayesTextClassifier
}
