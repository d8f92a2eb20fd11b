/** The Employee Budget Manager's Bulk Actions (bulk-actions-modal.tsx): each action and its failure's title. */
export type Action = '' | 'building' | 'workGroup' | 'status' | 'category' | 'functionCode' | 'delete';

export const ACTIONS = [
  { value: 'building', label: 'Assign building' },
  { value: 'workGroup', label: 'Assign work group' },
  { value: 'status', label: 'Set status' },
  { value: 'category', label: 'Set category' },
  { value: 'functionCode', label: 'Set function code' },
  { value: 'delete', label: 'Delete' },
];

export const FAILURE: Record<Exclude<Action, ''>, string> = {
  building: 'Error assigning building',
  workGroup: 'Error assigning work group',
  status: 'Error setting status',
  category: 'Error setting category',
  functionCode: 'Error setting function code',
  delete: 'Error deleting employees',
};
