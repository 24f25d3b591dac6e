import { useEffect, useState } from 'react'
import type { PublicConfig } from '../../shared/config-schema'
import { loadedPublicConfig, loadPublicConfig } from './public-config'

export { loadPublicConfig, toPublicConfig } from './public-config'

/** The public config in a component: undefined while loading, then the config or null. */
export function usePublicConfig(): PublicConfig | null | undefined {
  const [config, setConfig] = useState(loadedPublicConfig)
  useEffect(() => {
    if (loadedPublicConfig() !== undefined) return
    let active = true
    void loadPublicConfig().then((value) => {
      if (active) setConfig(value)
    })
    return () => {
      active = false
    }
  }, [])
  return config
}
