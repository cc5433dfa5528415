import { useState } from 'react';
import { TIME_FRAME_NAMES, TIME_FRAME_TYPES, type TimeFrame, type TimeFrameType } from '../shared/contracts/dashboards';
import { DATE_FORMATS } from '../lib/dates';
import { DatePicker } from './DatePicker';
import { Select } from './Select';
import { makeTimeFrame, TIME_FRAME_MESSAGES, timeFrameError, timeFrameText } from '../lib/time-frame';
import './time-frame-selector.css';

export interface TimeFrameSelectorProps {
  value: TimeFrame;
  onChange: (value: TimeFrame) => void;
  isDisabled?: boolean;
  /** Names the group when a page holds more than one selector. */
  label?: string;
}

const OPTIONS = TIME_FRAME_TYPES.map((type) => ({ id: type, label: TIME_FRAME_NAMES[type] }));
const isTimeFrameType = (id: string | null): id is TimeFrameType => TIME_FRAME_TYPES.some((type) => type === id);

/**
 * The time frame selector of part 3 §2: Yesterday, Last 7 Days, Last 30 Days, the 2, 3 and 6 month presets, and Custom
 * with a from and a to date, both required (§5), shown as yyyy/MM/dd (§9). A preset's dates follow from today (UTC).
 */
export function TimeFrameSelector({ value, onChange, isDisabled, label = 'Time frame' }: TimeFrameSelectorProps) {
  // A missing date is pointed out once the user has been at the pickers, not the moment Custom is chosen.
  const [touched, setTouched] = useState({ from: false, to: false });
  const isCustom = value.type === 'custom';
  const error = timeFrameError(value);
  const fromError = touched.from && error === TIME_FRAME_MESSAGES.fromRequired ? error : undefined;
  const toError = touched.to && error !== null && error !== TIME_FRAME_MESSAGES.fromRequired ? error : undefined;

  const choose = (id: string | null) => {
    if (!isTimeFrameType(id) || id === value.type) return;
    setTouched({ from: false, to: false });
    // Custom starts from the dates the preset showed, so the user adjusts rather than picks both from nothing.
    onChange(id === 'custom' ? { ...value, type: id, name: TIME_FRAME_NAMES.custom } : makeTimeFrame(id));
  };
  const pick = (bound: 'fromDate' | 'toDate', date: string | null) => {
    setTouched((was) => ({ ...was, [bound === 'fromDate' ? 'from' : 'to']: true }));
    onChange({ ...value, [bound]: date });
  };

  return (
    <div className="time-frame-selector" role="group" aria-label={label}>
      <Select label={label} options={OPTIONS} selectedKey={value.type} onSelectionChange={choose} isDisabled={isDisabled} />
      {isCustom && (
        <>
          <DatePicker
            label="From"
            value={value.fromDate}
            onChange={(date) => pick('fromDate', date)}
            onBlur={() => setTouched((was) => ({ ...was, from: true }))}
            max={value.toDate ?? undefined}
            displayFormat={DATE_FORMATS.timeFrame}
            placeholder="yyyy/mm/dd"
            isRequired
            isDisabled={isDisabled}
            errorMessage={fromError}
          />
          <DatePicker
            label="To"
            value={value.toDate}
            onChange={(date) => pick('toDate', date)}
            onBlur={() => setTouched((was) => ({ ...was, to: true }))}
            min={value.fromDate ?? undefined}
            displayFormat={DATE_FORMATS.timeFrame}
            placeholder="yyyy/mm/dd"
            isRequired
            isDisabled={isDisabled}
            errorMessage={toError}
          />
        </>
      )}
      <p className="time-frame-selector__text" aria-live="polite">
        {timeFrameText(value)}
      </p>
    </div>
  );
}
