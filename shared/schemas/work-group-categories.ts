import { z } from 'zod';

/** #RRGGBB, the colour rule of buildings, budget categories and work-group categories. */
export const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;
export const COLOR_MESSAGE = 'Colour must be a hex value in the form #RRGGBB';
export const hexColor = z.string().trim().regex(HEX_COLOR, COLOR_MESSAGE);

/** Optional free text: blank becomes null, so an emptied field clears the column. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullable()
    .transform((v) => (v === '' ? null : v))
    .optional();

/** The default work-group-category colours: dark grey text on light grey. */
export const DEFAULT_BACKGROUND_COLOR = '#e5e7eb';
export const DEFAULT_TEXT_COLOR = '#1f2937';

/** The colour presets of the category modal; Gray is the default pair. */
export const COLOR_PRESETS = [
  { name: 'Blue', backgroundColor: '#dbeafe', textColor: '#1e40af' },
  { name: 'Green', backgroundColor: '#dcfce7', textColor: '#166534' },
  { name: 'Yellow', backgroundColor: '#fef3c7', textColor: '#92400e' },
  { name: 'Red', backgroundColor: '#fee2e2', textColor: '#991b1b' },
  { name: 'Purple', backgroundColor: '#f3e8ff', textColor: '#6b21a8' },
  { name: 'Gray', backgroundColor: DEFAULT_BACKGROUND_COLOR, textColor: DEFAULT_TEXT_COLOR },
] as const;

const name = z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters');

export const createWorkGroupCategoryBody = z.strictObject({
  name,
  description: optionalText(1000),
  backgroundColor: hexColor.optional(),
  textColor: hexColor.optional(),
});

export const updateWorkGroupCategoryBody = z
  .strictObject({
    name: name.optional(),
    description: optionalText(1000),
    backgroundColor: hexColor.optional(),
    textColor: hexColor.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to update' });

export const workGroupCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  backgroundColor: z.string(),
  textColor: z.string(),
  /** Work groups assigned to this category; a category in use cannot be deleted. */
  workGroupCount: z.number().int(),
});

export const workGroupCategoriesResponse = z.object({ categories: z.array(workGroupCategorySchema) });
export const workGroupCategoryResponse = z.object({ category: workGroupCategorySchema });

export type WorkGroupCategory = z.infer<typeof workGroupCategorySchema>;
export type CreateWorkGroupCategoryBody = z.infer<typeof createWorkGroupCategoryBody>;
export type UpdateWorkGroupCategoryBody = z.infer<typeof updateWorkGroupCategoryBody>;
