// Recipes of the Chakra components only the console renders. The app's theme (app/theme.ts) carries just the
// recipes the landing and chat pages use, since it loads with the landing page; the console hands these to its
// components through their `recipe` prop instead, so they stay in its own chunk.
export {
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  listSlotRecipe,
  tableSlotRecipe,
} from '@chakra-ui/react/theme'
