import { type PublicConfig } from '@examprep/contracts/types';
import { createContext, useContext, type ReactNode } from 'react';

const ConfigContext = createContext<PublicConfig | null>(null);

export function ConfigProvider({
  config,
  children,
}: {
  config: PublicConfig;
  children: ReactNode;
}) {
  return <ConfigContext.Provider value={config}>{children}</ConfigContext.Provider>;
}

/** The public configuration read at boot: the ONE source of the product name. */
export function useConfig(): PublicConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useConfig must be used inside <ConfigProvider>');
  return config;
}

/** For the few screens that may render before the configuration is known. */
export function useOptionalConfig(): PublicConfig | null {
  return useContext(ConfigContext);
}
