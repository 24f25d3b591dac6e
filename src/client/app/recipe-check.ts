import type { SystemContext } from '@chakra-ui/react'

/** Recipe keys of Chakra 3.37's default theme; development only, to tell a forgotten recipe from a key no theme has. */
const DEFAULT_RECIPES = new Set([
  'badge',
  'button',
  'code',
  'container',
  'heading',
  'input',
  'inputAddon',
  'kbd',
  'link',
  'mark',
  'separator',
  'skeleton',
  'skipNavLink',
  'spinner',
  'textarea',
  'icon',
  'checkmark',
  'radiomark',
  'colorSwatch',
])
const DEFAULT_SLOT_RECIPES = new Set([
  'accordion',
  'actionBar',
  'alert',
  'avatar',
  'blockquote',
  'breadcrumb',
  'card',
  'carousel',
  'checkbox',
  'checkboxCard',
  'codeBlock',
  'collapsible',
  'dataList',
  'dateInput',
  'datePicker',
  'dialog',
  'drawer',
  'editable',
  'emptyState',
  'field',
  'fieldset',
  'fileUpload',
  'hoverCard',
  'list',
  'listbox',
  'menu',
  'nativeSelect',
  'numberInput',
  'pinInput',
  'popover',
  'progress',
  'progressCircle',
  'radioCard',
  'radioGroup',
  'ratingGroup',
  'scrollArea',
  'segmentGroup',
  'select',
  'combobox',
  'slider',
  'splitter',
  'stat',
  'steps',
  'switch',
  'table',
  'tabs',
  'tag',
  'tagsInput',
  'toast',
  'tooltip',
  'status',
  'timeline',
  'colorPicker',
  'qrCode',
  'treeView',
  'marquee',
  'floatingPanel',
])

/** Development only: a component whose recipe is not registered above would render unstyled without a word. */
export function warnOnMissingRecipes(sys: SystemContext): void {
  const warned = new Set<string>()
  const warn = (key: unknown, registered: boolean, known: Set<string>) => {
    if (registered || typeof key !== 'string' || !known.has(key) || warned.has(key)) return
    warned.add(key)
    console.warn(
      `Chakra: falta la receta "${key}" en src/client/app/theme.ts; el componente se verá sin estilos.`,
    )
  }
  const { getRecipeFn, getSlotRecipeFn } = sys
  sys.getRecipeFn = (key, fallback) => {
    warn(key, fallback !== undefined || sys.isRecipe(key), DEFAULT_RECIPES)
    return getRecipeFn(key, fallback)
  }
  sys.getSlotRecipeFn = (key, fallback) => {
    warn(key, fallback !== undefined || sys.isSlotRecipe(key), DEFAULT_SLOT_RECIPES)
    return getSlotRecipeFn(key, fallback)
  }
}
