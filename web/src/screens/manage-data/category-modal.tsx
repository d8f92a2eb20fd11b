import {
  COLOR_PRESETS,
  createWorkGroupCategoryBody,
  DEFAULT_BACKGROUND_COLOR,
  DEFAULT_TEXT_COLOR,
  HEX_COLOR,
  updateWorkGroupCategoryBody,
} from '@shared/schemas/work-group-categories';
import {
  useCreateWorkGroupCategory,
  useUpdateWorkGroupCategory,
  type WorkGroupCategory,
} from '@web/api/work-groups';
import { ColorField } from '@web/components/color-field';
import { DescriptionField, ReferenceFormModal } from '@web/components/reference-form-modal';
import { useReferenceForm, type RecordModalProps } from './use-reference-form';
import { FieldGroup } from '@web/components/form/field';

/** Add or edit a work-group category: name, description, colours (or a preset), with a live preview. */
export function CategoryModal(props: RecordModalProps<WorkGroupCategory>) {
  const { modal, form } = useReferenceForm({
    ...props,
    noun: 'Category',
    failure: 'Failed to save category',
    schemas: { create: createWorkGroupCategoryBody, update: updateWorkGroupCategoryBody },
    create: useCreateWorkGroupCategory(),
    update: useUpdateWorkGroupCategory(),
    values: (category) => ({
      name: category?.name ?? '',
      description: category?.description ?? '',
      backgroundColor: category?.backgroundColor ?? DEFAULT_BACKGROUND_COLOR,
      textColor: category?.textColor ?? DEFAULT_TEXT_COLOR,
    }),
  });
  const { name, backgroundColor: background, textColor: text } = form.values;
  // Only for the preview: whether the colours are saved is the schema's call, on Save.
  const validColours = HEX_COLOR.test(background) && HEX_COLOR.test(text);

  return (
    <ReferenceFormModal
      {...modal}
      title={props.record ? 'Edit Category' : 'Add Category'}
      description="Categories group work groups (TEACHERS, SUPPORT, ...) and colour their badges."
      idPrefix="wgc"
    >
      <DescriptionField
        idPrefix="wgc"
        value={form.values.description}
        onChange={form.set('description')}
        error={form.errors.description}
      />
      <FieldGroup id="wgc-presets" label="Presets">
        {(labelledBy) => (
          <div className="md-presets" role="group" aria-labelledby={labelledBy}>
            {COLOR_PRESETS.map((p) => (
              <button
                key={p.name}
                type="button"
                className="md-preset"
                style={{ background: p.backgroundColor, color: p.textColor }}
                aria-pressed={background === p.backgroundColor && text === p.textColor}
                onClick={() => {
                  form.setValue('backgroundColor', p.backgroundColor);
                  form.setValue('textColor', p.textColor);
                }}
              >
                {p.name}
              </button>
            ))}
          </div>
        )}
      </FieldGroup>
      <div className="md-two-col">
        <ColorField
          id="wgc-background"
          label="Background colour"
          value={background}
          onChange={form.set('backgroundColor')}
          error={form.errors.backgroundColor}
        />
        <ColorField
          id="wgc-text"
          label="Text colour"
          value={text}
          onChange={form.set('textColor')}
          error={form.errors.textColor}
        />
      </div>
      <div className="field">
        <span className="field__label">Preview</span>
        <div className="md-preview" data-testid="category-preview">
          <span
            className="md-badge"
            style={validColours ? { background, color: text } : undefined}
            aria-label={`Preview of ${name.trim() || 'the category'}`}
          >
            {name.trim() || 'Category name'}
          </span>
          <span className="muted">
            {validColours ? `${text} on ${background}` : 'Enter both colours as #RRGGBB to preview'}
          </span>
        </div>
      </div>
    </ReferenceFormModal>
  );
}
