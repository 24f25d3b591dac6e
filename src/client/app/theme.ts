import { createSystem, defaultBaseConfig, defineConfig, type SystemContext } from '@chakra-ui/react'
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  buttonRecipe,
  cardSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  markRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  pinInputSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  semanticTokens,
  spinnerRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme'
import { BRAND_COLOR_PALETTE } from '../../shared/brand'
import { warnOnMissingRecipes } from './recipe-check'

/**
 * Chakra's `defaultConfig` is `defaultBaseConfig` plus the default theme, whose ~75 component recipes weigh
 * 20 KB gzip and would all load with the landing page. We rebuild it from the same parts with only the recipes
 * the app renders (Chakra's documented bundle optimisation). When you use another Chakra component, add its
 * recipe here (its name is in `@chakra-ui/react/theme`); in development a missing one is reported in the console.
 */
const defaultThemeSlice = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      link: linkRecipe,
      mark: markRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      field: fieldSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      pinInput: pinInputSlotRecipe,
      popover: popoverSlotRecipe,
      progress: progressSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
      tooltip: tooltipSlotRecipe,
    },
  },
})

/**
 * Lexia's changes: the spec's breakpoints (§9) and cyan as the brand palette (§2). Cyan's solid/contrast pair
 * is darkened in light mode and inverted in dark mode so that text on solid buttons passes WCAG AA (Chakra's
 * white on cyan.600 is 3.7:1). Green and orange solids carry white text too (success and warning toasts): Chakra's
 * green.600 is 3.3:1 under it and orange.600 3.6:1, so in light mode they are one step darker (6.8:1 and 7.9:1);
 * in dark mode green is lighter under dark text, as cyan is (a darker green would hide the credits bar on the dark
 * background), and orange keeps Chakra's orange.500 with black (7.5:1).
 */
const lexiaConfig = defineConfig({
  globalCss: {
    html: { colorPalette: BRAND_COLOR_PALETTE },
    body: { bg: 'bg', color: 'fg' },
  },
  theme: {
    breakpoints: { sm: '30em', md: '48em', lg: '62em', xl: '80em', '2xl': '96em' },
    semanticTokens: {
      colors: {
        cyan: {
          solid: { value: { _light: '{colors.cyan.700}', _dark: '{colors.cyan.400}' } },
          contrast: { value: { _light: 'white', _dark: '{colors.cyan.950}' } },
          fg: { value: { _light: '{colors.cyan.700}', _dark: '{colors.cyan.300}' } },
        },
        green: {
          solid: { value: { _light: '{colors.green.700}', _dark: '{colors.green.500}' } },
          contrast: { value: { _light: 'white', _dark: '{colors.green.950}' } },
        },
        orange: {
          solid: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.500}' } },
        },
      },
    },
  },
})

let system: SystemContext | undefined

/**
 * The design system, made at its first use rather than when this module is evaluated: making it is the app start's
 * longest single piece of work (Chakra's `createSystem`, tens of milliseconds on a phone), and `main.tsx` gives it a
 * task of its own (decision 0041).
 */
export function getSystem(): SystemContext {
  if (system) return system
  system = createSystem(defaultBaseConfig, defaultThemeSlice, lexiaConfig)
  if (import.meta.env.DEV) warnOnMissingRecipes(system)
  return system
}
