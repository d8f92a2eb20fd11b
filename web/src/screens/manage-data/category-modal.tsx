import { useState } from 'react';
import {
  COLOR_PRESETS,
  DEFAULT_BACKGROUND_COLOR,
  DEFAULT_TEXT_COLOR,
  HEX_COLOR,
} from '@server/schemas/work-group-categories';
import {
  useCreateWorkGroupCategory,
  useUpdateWorkGroupCategory,
  type WorkGroupCategory,
} from '@web/api/work-groups';
import { ColorField } from '@web/components/color-field';
import { DescriptionField, ReferenceFormModal } from '@web/components/reference-form-modal';
import { useReferenceForm, type RecordModalProps } from './use-reference-form';

/** Add or edit a work-group category: name, description, colours (or a preset), with a live preview. */
export function CategoryModal(props: RecordModalProps<WorkGroupCategory>) {
  const [description, setDescription] = useState('');
  const [background, setBackground] = useState(DEFAULT_BACKGROUND_COLOR);
  const [text, setText] = useState(DEFAULT_TEXT_COLOR);
  const validColours = HEX_COLOR.test(background) && HEX_COLOR.test(text);
  const form = useReferenceForm({
    ...props,
    noun: 'Category',
    failure: 'Failed to save category',
    create: useCreateWorkGroupCategory(),
    update: useUpdateWorkGroupCategory(),
    reset: (category) => {
      setDescription(category?.description ?? '');
      setBackground(category?.backgroundColor ?? DEFAULT_BACKGROUND_COLOR);
      setText(category?.textColor ?? DEFAULT_TEXT_COLOR);
    },
    validate: () => (validColours ? null : 'Colours must be hex values in the form #RRGGBB'),
    body: (name) => ({
      name,
      description: description.trim() || null,
      backgroundColor: background,
      textColor: text,
    }),
  });
  const name = form.name;

  return (
    <ReferenceFormModal
      {...form}
      title={props.record ? 'Edit Category' : 'Add Category'}
      description="Categories group work groups (TEACHERS, SUPPORT, ...) and colour their badges."
      idPrefix="wgc"
    >
      <DescriptionField idPrefix="wgc" value={description} onChange={setDescription} />
      <div className="field">
        <span className="field__label" id="wgc-presets-label">
          Presets
        </span>
        <div className="md-presets" role="group" aria-labelledby="wgc-presets-label">
          {COLOR_PRESETS.map((p) => (
            <button
              key={p.name}
              type="button"
              className="md-preset"
              style={{ background: p.backgroundColor, color: p.textColor }}
              aria-pressed={background === p.backgroundColor && text === p.textColor}
              onClick={() => {
                setBackground(p.backgroundColor);
                setText(p.textColor);
              }}
            >
              {p.name}
            </button>
          ))}
        </div>
      </div>
      <div className="md-two-col">
        <ColorField
          id="wgc-background"
          label="Background colour"
          value={background}
          onChange={setBackground}
        />
        <ColorField id="wgc-text" label="Text colour" value={text} onChange={setText} />
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
