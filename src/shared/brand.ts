/** The product's name lives here only; the UI, the e-mails and the server read it from this module. */
export const PRODUCT_NAME = 'Lexia'

/** Alt text of the logo everywhere it is shown (spec §2: 'Logo {product}'). */
export const LOGO_ALT = `Logo ${PRODUCT_NAME}`

/** Brand colour palette of the design system (spec §2: the brand colour is cyan). */
export const BRAND_COLOR_PALETTE = 'cyan'

/** Theme colour of the browser UI (the logo's cyan). */
export const BRAND_THEME_COLOR = '#06b6d4'
