import { defineSlotRecipe } from '@chakra-ui/react'

/**
 * The console's table styles. The app's theme (app/theme.ts) carries only the recipes the landing and chat pages
 * use, since it loads with the landing page; Chakra's own table recipe, imported here from
 * '@chakra-ui/react/theme', was placed by the bundler in the entry chunk beside the other recipes of that module
 * (+3 KB on the landing page). This small one, handed to Table.Root through its `recipe` prop, stays in the
 * console's chunk.
 */
export const tableRecipe = defineSlotRecipe({
  className: 'admin-table',
  slots: ['root', 'header', 'body', 'row', 'columnHeader', 'cell', 'footer', 'caption'],
  base: {
    root: {
      width: 'full',
      fontSize: 'sm',
      borderCollapse: 'collapse',
      fontVariantNumeric: 'lining-nums tabular-nums',
    },
    columnHeader: {
      px: '2',
      py: '1.5',
      fontWeight: 'semibold',
      textAlign: 'start',
      bg: 'bg.subtle',
      borderBottomWidth: '1px',
      borderColor: 'border',
    },
    cell: { px: '2', py: '2', borderBottomWidth: '1px', borderColor: 'border.muted' },
    row: { _last: { '& > td': { borderBottomWidth: '0' } } },
  },
})
