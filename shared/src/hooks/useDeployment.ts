import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import type { Market } from '../contract/market';
import { calls } from '../contract/endpoints';
import type { ConfigEntry } from '../contract/user';
import { LANGUAGES_SETTING, offeredLanguages, type Language } from '../contract/values/deployment';
import { positiveWholeOf, USDT_RATE_SETTING } from '../contract/values/wallet';
import { currencySymbol } from '../format';
import { callQuery, useCall } from '../query/useCall';

/** The deployment's currencies (spec §1): INR and MXN builds differ in more than the symbol. */
export const DEPLOYMENT_CURRENCIES = ['INR', 'MXN'] as const;
export type DeploymentCurrency = (typeof DEPLOYMENT_CURRENCIES)[number];

/** Everything a screen may vary by deployment, in one place. */
export interface Deployment {
  currency: DeploymentCurrency;
  /** ₹ for INR, MX$ for MXN. */
  symbol: string;
  /** INR hides the news block on home. */
  showsNews: boolean;
  /** Bank-card fields: INR name, bank, IFSC, account number; MXN bank name, card number, cardholder. */
  bankForm: 'ifsc' | 'card';
  /** The market of the account screen's Stocks tab: the home market, Indian stocks for INR and Mexican for MXN. */
  stockMarket: Market;
  /** Smallest withdrawal the server allows (min_withdraw_count; the spec's default 100 when unset). */
  minWithdraw: number;
  /** The operator's TRC-USDT rate, minor units per 1 USDT; null when none is set. */
  usdtRate: number | null;
  /** The most one money request (an order's total with its fee, a deposit…) may move, minor units (max_amount). */
  maxAmount: number | null;
  /** The languages the language menu offers, English first unless an operator ordered them otherwise. */
  languages: readonly Language[];
  /** Every setting as sent, by tag. */
  values: Record<string, string>;
}

const isCurrency = (v: string | undefined): v is DeploymentCurrency => (DEPLOYMENT_CURRENCIES as readonly (string | undefined)[]).includes(v);

/** The settings from GET /v2/config; a deployment without a known currency is an error, never a guess. */
export function deploymentOf(rows: ConfigEntry[]): Deployment {
  const values = Object.fromEntries(rows.map((r) => [r.tag, r.value]));
  const currency = values.currency?.toUpperCase();
  if (!isCurrency(currency)) throw new ApiError(200, 'badResponse');
  const inr = currency === 'INR';
  const min = Number(values.min_withdraw_count);
  return {
    currency,
    symbol: currencySymbol(currency),
    showsNews: !inr,
    bankForm: inr ? 'ifsc' : 'card',
    stockMarket: inr ? 'IN' : 'MX',
    minWithdraw: Number.isFinite(min) && min > 0 ? min : 100,
    usdtRate: positiveWholeOf(values[USDT_RATE_SETTING]),
    maxAmount: positiveWholeOf(values.max_amount),
    languages: offeredLanguages(values[LANGUAGES_SETTING]),
    values,
  };
}

/**
 * The settings' query (GET /v2/config), loaded once per page: the shell starts it with the app's data. The service
 * worker keeps its answer, so a page opened offline still asks once (TanStack's offlineFirst) and gets that copy;
 * only then, with no copy, does it wait for the connection.
 */
export const deploymentQuery = callQuery(calls.config, undefined, { staleTime: Infinity, networkMode: 'offlineFirst' });

/**
 * The deployment's settings, loaded once per page and shared by every app. While it loads `data` is undefined;
 * a failed load is `isError` and the screen offers a retry (LoadError), it never assumes a currency.
 * `current`: a screen showing a figure an operator changes now and then (the USDT rate) asks again as it opens.
 */
export function useDeployment({ current = false }: { current?: boolean } = {}): UseQueryResult<Deployment, ApiError> {
  return useCall(calls.config, undefined, {
    select: deploymentOf,
    staleTime: deploymentQuery.staleTime,
    networkMode: deploymentQuery.networkMode,
    refetchOnMount: current ? 'always' : true,
  });
}
