/*
 * The shapes of the contract and COLA-scenario calls, from the server's zod schemas
 * (shared/schemas/contracts.ts and cola-scenarios.ts), so the web cannot drift from the API.
 */
import type { z } from 'zod';
import type { colaSettingsSavedResponse } from '@shared/schemas/cola-scenarios';
import type { Contract, contractSavedResponse } from '@shared/schemas/contracts';

export type { ColaScenario, ColaSetting } from '@shared/schemas/cola-scenarios';
export type { Contract, ContractBody } from '@shared/schemas/contracts';
export type ContractStatus = Contract['status'];
export type ContractColaSetting = Contract['colaSettings'][number];
export type ContractSaved = z.infer<typeof contractSavedResponse>;
export type SettingsSaved = z.infer<typeof colaSettingsSavedResponse>;
