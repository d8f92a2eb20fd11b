/*
 * The shapes of the contract and COLA-scenario calls, from the server's zod schemas
 * (server/schemas/contracts.ts and cola-scenarios.ts), so the web cannot drift from the API.
 */
import type { z } from 'zod';
import type { colaSettingsSavedResponse } from '@server/schemas/cola-scenarios';
import type { Contract, contractSavedResponse } from '@server/schemas/contracts';

export type { ColaScenario, ColaSetting } from '@server/schemas/cola-scenarios';
export type { Contract, ContractBody } from '@server/schemas/contracts';
export type ContractStatus = Contract['status'];
export type ContractColaSetting = Contract['colaSettings'][number];
export type ContractSaved = z.infer<typeof contractSavedResponse>;
export type SettingsSaved = z.infer<typeof colaSettingsSavedResponse>;
