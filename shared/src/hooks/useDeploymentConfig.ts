import { useEffect, useState } from 'react';
import { call } from '../api/client';
import { config as configCall } from '../contract/user';

/** The deployment's public settings (currency, min_withdraw_count, ...), fetched once per page. */
export interface DeploymentConfig {
  currency: string;
  values: Record<string, string>;
}

const FALLBACK: DeploymentConfig = { currency: 'INR', values: { min_withdraw_count: '100' } };
let pending: Promise<DeploymentConfig> | null = null;

export function loadDeploymentConfig(): Promise<DeploymentConfig> {
  pending ??= call(configCall)
    .then((rows) => {
      const values = Object.fromEntries(rows.map((r) => [r.tag, r.value]));
      return { currency: values.currency ?? FALLBACK.currency, values };
    })
    .catch(() => {
      pending = null; // try again next time
      return FALLBACK;
    });
  return pending;
}

export function useDeploymentConfig(): DeploymentConfig | null {
  const [cfg, setCfg] = useState<DeploymentConfig | null>(null);
  useEffect(() => {
    let live = true;
    void loadDeploymentConfig().then((c) => live && setCfg(c));
    return () => {
      live = false;
    };
  }, []);
  return cfg;
}
