/** A number of credits as the header says it, a cost or a balance: '1 crédito', '2 créditos'. */
export const creditsLabel = (credits: number) => `${credits} ${credits === 1 ? 'crédito' : 'créditos'}`
