import { useEffect, useState, type FormEvent } from 'react';
import {
  refusalText,
  useCutPositions,
  usePositionCutPreview,
  usePositionGroups,
  type PositionCutBody,
  type PositionCutResult,
  type PositionGroup,
} from '@web/api/scenario-positions';
import { pickedWords } from '@shared/picked-words';
import { Alert } from '@web/components/alert';
import { DISTRICT_WIDE } from '@web/components/data-grid/column-types';
import { Button } from '@web/components/form/button';
import { Field } from '@web/components/form/field';
import { Modal } from '@web/components/modal';
import { useToast } from '@web/components/toast';
import { formatMoneyCents } from '@web/lib/format';
import { count } from './scenario-math';
import { fteText, parseFte } from './position-text';
import './positions.css';

const FTE_MESSAGE = 'Enter an FTE above 0 with at most 3 decimals';

const groupKey = (g: PositionGroup) => `${g.title}|${g.building?.id ?? 'dw'}`;
const groupName = (g: PositionGroup) => `${g.title} at ${g.building?.name ?? DISTRICT_WIDE}`;

/** A value that settles once typing pauses, so the dry run is not asked at every keystroke. */
function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

function GroupList(props: { groups: PositionGroup[]; chosen: string; onChoose(key: string): void }) {
  return (
    <ul className="position-groups" aria-label="Groups of positions">
      {props.groups.map((g) => {
        const key = groupKey(g);
        return (
          <li key={key}>
            <label>
              <input
                type="radio"
                name="position-group"
                checked={props.chosen === key}
                onChange={() => props.onChoose(key)}
              />
              <span>
                {groupName(g)}
                <span className="position-groups__figures">
                  {count(g.positionCount, 'position')} · {fteText(g.fte)} FTE · {fteText(g.vacantFte)} vacant
                  · {fteText(g.cutFte)} already cut
                </span>
              </span>
            </label>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * What the cut would pick (the dry run): the order it picks in, once, as the server says it; then
 * each position, its holders, what it saves, why the order took it and, when cutting it saves $0,
 * a warning (the server decides both: nothing is worked out here).
 */
function Preview({ result }: { result: PositionCutResult }) {
  const nothing = result.picked.filter((p) => p.warning).length;
  return (
    <div className="position-preview" role="status" aria-label="What the cut would do">
      <strong>
        Would cut {count(result.picked.length, 'position')}, saving {formatMoneyCents(result.pickedSavings)}
      </strong>
      {result.message ? <p className="field__hint">{result.message}</p> : null}
      <p className="field__hint">Order: {result.pickOrder}</p>
      {nothing ? (
        <p className="position-preview__warning">
          {count(nothing, 'picked position')} {nothing === 1 ? 'saves' : 'save'} nothing (marked below):
          cutting {nothing === 1 ? 'it' : 'them'} lowers no cost.
        </p>
      ) : null}
      <ul>
        {result.picked.map((p) => (
          <li key={p.positionId ?? p.id}>
            {p.title}, {fteText(p.fte)} FTE, {p.status}
            {p.holders.length ? ` (${p.holders.join(', ')})` : ''}:{' '}
            {p.amount === null ? (p.unpricedReason ?? 'not priced') : `saves ${formatMoneyCents(p.amount)}`}
            <span className="position-preview__why">Picked: {pickedWords(p).why}</span>
            {p.warning ? (
              <strong className="position-preview__warning">{pickedWords(p).warning}</strong>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  scenarioId: number;
}

/** 'Cut positions': a group (a title at a building), an FTE, vacancies first or not; a dry run shows the pick. */
export function CutPositionsDialog({ open, onOpenChange, scenarioId }: DialogProps) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState('');
  const [fte, setFte] = useState('');
  const [vacanciesFirst, setVacanciesFirst] = useState(true);
  const [reason, setReason] = useState('');
  const [fteError, setFteError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const groups = usePositionGroups(scenarioId, useSettled(search.trim()), open);
  const cut = useCutPositions(scenarioId);
  const notify = useToast();
  const list = groups.data?.groups ?? [];
  const group = list.find((g) => groupKey(g) === chosen) ?? null;
  const fteValue = parseFte(fte);
  const body: PositionCutBody | null =
    group && fteValue !== null
      ? {
          title: group.title,
          buildingId: group.building?.id ?? null,
          fte: fteValue,
          vacanciesFirst,
          reason: reason.trim() || null,
        }
      : null;
  const preview = usePositionCutPreview(scenarioId, useSettled(open ? body : null));

  const reset = () => {
    setSearch('');
    setChosen('');
    setFte('');
    setReason('');
    setVacanciesFirst(true);
    setFteError(undefined);
    setFailure(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!group) {
      setFailure('Choose a group of positions to cut');
      return;
    }
    if (!body) {
      setFteError(FTE_MESSAGE);
      return;
    }
    setFailure(null);
    cut.mutate(body, {
      onSuccess: (r) => {
        const nothing = r.picked.filter((p) => p.warning).length;
        notify({
          title: `Cut ${count(r.picked.length, 'position')} of ${groupName(group)}`,
          description:
            `Saves ${formatMoneyCents(r.pickedSavings)}` +
            (nothing
              ? `; ${count(nothing, 'position')} of them ${nothing === 1 ? 'saves' : 'save'} nothing`
              : ''),
        });
        reset();
        onOpenChange(false);
      },
      onError: (err) => setFailure(refusalText(err, 'Failed to cut the positions')),
    });
  };

  const previewError = preview.isError ? refusalText(preview.error, 'The cut cannot be made') : null;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          reset();
        }
        onOpenChange(next);
      }}
      title="Cut positions"
      description="Name a title at a building and the FTE to cut: the savings are those positions' cost. Whole positions are cut; the preview says in what order and why each was picked."
      wide
    >
      <form className="position-form" onSubmit={submit} noValidate aria-label="Cut positions">
        {failure ? <Alert title="The positions were not cut">{failure}</Alert> : null}
        <Field
          id="cut-search"
          label="Find a group"
          type="search"
          value={search}
          placeholder="Title or building, e.g. Teacher Hillside"
          onChange={(e) => setSearch(e.target.value)}
        />
        {groups.isError ? (
          <Alert title="Failed to load the groups">{refusalText(groups.error, '')}</Alert>
        ) : null}
        {groups.data && list.length === 0 ? <p className="field__hint">No groups match.</p> : null}
        {list.length ? (
          <GroupList
            groups={list}
            chosen={chosen}
            onChoose={(key) => {
              setChosen(key);
              setFailure(null);
            }}
          />
        ) : null}
        <div className="position-form__row">
          <Field
            id="cut-fte"
            label="FTE to cut"
            inputMode="decimal"
            value={fte}
            error={fteError}
            hint={
              group
                ? `${groupName(group)} has ${fteText(group.fte - group.cutFte)} FTE left to cut`
                : undefined
            }
            onChange={(e) => {
              setFte(e.target.value);
              setFteError(undefined);
              setFailure(null);
            }}
          />
          <Field
            id="cut-reason"
            label="Reason"
            value={reason}
            maxLength={500}
            placeholder="e.g. Enrollment down"
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        <label className="position-check">
          <input
            type="checkbox"
            checked={vacanciesFirst}
            onChange={(e) => setVacanciesFirst(e.target.checked)}
          />
          Vacancies first (they cost no one a job)
        </label>
        {previewError && body ? <Alert title="This cut cannot be made">{previewError}</Alert> : null}
        {preview.data && body && !preview.isError ? <Preview result={preview.data} /> : null}
        <div className="form-actions">
          <Button type="submit" variant="primary" busy={cut.isPending} busyLabel="Cutting...">
            Cut
          </Button>
        </div>
      </form>
    </Modal>
  );
}
