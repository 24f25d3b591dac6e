/**
 * A form field as markup compares: tag, attributes in any order (the field's own ids made one, the input's value
 * left out), text, children. Self-contained, so a browser flow can hand it to Playwright's `evaluate` as it is and a
 * component test can call it: both compare a field before and after the app takes /auth's form over.
 */
export function fieldShape(field: Element): unknown {
  const id = field.querySelector('input')?.id ?? ''
  const shape = (element: Element): unknown => ({
    tag: element.tagName,
    attributes: [...element.attributes]
      .filter((a) => a.name !== 'value')
      .map((a) => `${a.name.toLowerCase()}=${a.value.replaceAll(id, 'ID')}`)
      .sort(),
    text: element.children.length ? undefined : element.textContent,
    children: [...element.children].map(shape),
  })
  return shape(field)
}
