import { type PumpCalculate, type PumpCount, type PumpTimeFormat } from '@examprep/contracts/types';
import { Fragment, useId } from 'react';
import { SIMULATIONS_MESSAGES as T } from './simulations.messages';

export interface PumpControlsProps {
  mode: PumpCalculate;
  timeFormat: PumpTimeFormat;
  pumpCount: PumpCount;
  onMode: (mode: PumpCalculate) => void;
  onTimeFormat: (format: PumpTimeFormat) => void;
  onPumpCount: (count: PumpCount) => void;
  /**
   * The preview (no simulation access): Dual, AM/PM and Military are disabled and this
   * reason is read with them; null when everything is open.
   */
  previewReason: string | null;
}

interface Choice<V extends string> {
  value: V;
  label: string;
  /** Only with simulation access. */
  full?: boolean;
}

const MODES: Choice<PumpCalculate>[] = [
  { value: 'rate', label: T.calculateRate },
  { value: 'vtbi', label: T.calculateVtbi },
  { value: 'time', label: T.calculateTime },
];
const FORMATS: Choice<PumpTimeFormat>[] = [
  { value: 'given', label: T.timeFormatGiven },
  { value: 'ampm', label: T.timeFormatAmPm, full: true },
  { value: 'military', label: T.timeFormatMilitary, full: true },
];
const COUNTS: Choice<PumpCount>[] = [
  { value: 'single', label: T.pumpSingle },
  { value: 'dual', label: T.pumpDual, full: true },
];

/**
 * The simulator's controls (learner spec §2): what to calculate, time format (disabled for
 * Time) and pump count, as radio groups drawn as toggle buttons (arrow keys move between
 * the choices of a group).
 */
export function PumpControls(props: PumpControlsProps) {
  const id = useId();
  const timeMode = props.mode === 'time';
  const preview = props.previewReason !== null;

  function group<V extends string>(
    name: string,
    legend: string,
    choices: Choice<V>[],
    value: V | null,
    onChange: (v: V) => void,
    groupDisabled = false,
  ) {
    return (
      <fieldset className="pump-control">
        <legend className="d-block small fw-semibold mb-1">{legend}</legend>
        <div className="btn-group btn-group-sm flex-wrap">
          {choices.map((c) => {
            const locked = preview && c.full === true;
            const inputId = `${id}-${name}-${c.value}`;
            const describedBy = [
              groupDisabled ? `${id}-format-note` : null,
              locked ? `${id}-preview-reason` : null,
            ]
              .filter(Boolean)
              .join(' ');
            return (
              <Fragment key={c.value}>
                <input
                  type="radio"
                  className="btn-check"
                  id={inputId}
                  name={`${id}-${name}`}
                  value={c.value}
                  checked={value === c.value}
                  disabled={groupDisabled || locked}
                  aria-describedby={describedBy || undefined}
                  onChange={() => onChange(c.value)}
                />
                <label className="btn btn-outline-dark" htmlFor={inputId}>
                  {c.label}
                </label>
              </Fragment>
            );
          })}
        </div>
      </fieldset>
    );
  }

  return (
    <div className="pump-controls">
      <div className="d-flex flex-wrap gap-3">
        {group('mode', T.calculateLegend, MODES, props.mode, props.onMode)}
        {group(
          'format',
          T.timeFormatLegend,
          FORMATS,
          // Time questions have no time format: none is shown chosen while the group is off.
          timeMode ? null : props.timeFormat,
          props.onTimeFormat,
          timeMode,
        )}
        {group('count', T.pumpCountLegend, COUNTS, props.pumpCount, props.onPumpCount)}
      </div>
      {timeMode ? (
        <p id={`${id}-format-note`} className="small mb-0 mt-2">
          {T.timeFormatDisabled}
        </p>
      ) : null}
      {preview ? (
        <p id={`${id}-preview-reason`} className="visually-hidden">
          {props.previewReason}
        </p>
      ) : null}
    </div>
  );
}
