import { describe, expect, it } from 'vitest'
import { toPublicConfig } from './runtime-config'

describe('toPublicConfig', () => {
  it('reads the server answer', () => {
    expect(
      toPublicConfig({
        gtmId: 'GTM-ABC123',
        supportWidgetSrc: '/w.js',
        embeddedMailbox: true,
        productName: 'Lexia',
      }),
    ).toEqual({ gtmId: 'GTM-ABC123', supportWidgetSrc: '/w.js', embeddedMailbox: true, productName: 'Lexia' })
  })

  it('turns missing or malformed fields into "off"', () => {
    expect(toPublicConfig({ gtmId: '', supportWidgetSrc: 3, embeddedMailbox: 'yes' })).toEqual({
      gtmId: null,
      supportWidgetSrc: null,
      embeddedMailbox: false,
      productName: 'Lexia',
    })
    expect(toPublicConfig(null)).toBeNull()
    expect(toPublicConfig('x')).toBeNull()
  })
})
