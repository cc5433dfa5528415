import { Label, Meter as AriaMeter } from 'react-aria-components';
import './ui.css';

export interface MeterProps {
  label: string;
  /** 0..100. */
  value: number;
  /** What the value means in words, read with it by screen readers, e.g. "12.1 GB free of 200 GB". */
  valueLabel: string;
  tone?: 'normal' | 'warning' | 'danger';
}

/** The one wrapper of react-aria's Meter: a known quantity within a range (a disk's used space), not progress. */
export function Meter({ label, value, valueLabel, tone = 'normal' }: MeterProps) {
  return (
    <AriaMeter value={value} valueLabel={valueLabel} className={`ui-meter ui-meter--${tone}`}>
      {({ percentage, valueText }) => (
        <>
          <div className="ui-progress__header">
            <Label>{label}</Label>
            <span>{valueText}</span>
          </div>
          <div className="ui-progress__track">
            <div className="ui-progress__fill ui-meter__fill" style={{ width: `${percentage}%` }} />
          </div>
        </>
      )}
    </AriaMeter>
  );
}
