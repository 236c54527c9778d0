import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { usePlatformSettingsQuery } from '../../../api/platform-settings.ts';
import type { PremiumAvailability } from './premium-states.ts';

// The editor's tools sit several components below the page; what the install can run reaches
// them through this context rather than through every sidebar's props. Null: not known (yet).
const PremiumAvailabilityContext = createContext<PremiumAvailability | null>(null);

/** Reads what this install can run once for the whole editor. */
export function PremiumAvailabilityProvider({ children }: { children: ReactNode }) {
  const settings = usePlatformSettingsQuery();
  const data = settings.data;
  const value = useMemo<PremiumAvailability | null>(
    () =>
      data === undefined
        ? null
        : { features: data.premium_features, objectReplacement: data.object_replacement },
    [data],
  );
  return (
    <PremiumAvailabilityContext.Provider value={value}>
      {children}
    </PremiumAvailabilityContext.Provider>
  );
}

/** What this install can run, or null when it is not known. */
export function usePremiumAvailability(): PremiumAvailability | null {
  return useContext(PremiumAvailabilityContext);
}

/** A provider with a fixed answer, for tests and the UI gallery. */
export function PremiumAvailabilityValue({
  value,
  children,
}: {
  value: PremiumAvailability | null;
  children: ReactNode;
}) {
  return (
    <PremiumAvailabilityContext.Provider value={value}>
      {children}
    </PremiumAvailabilityContext.Provider>
  );
}
