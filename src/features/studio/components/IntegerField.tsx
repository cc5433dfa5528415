import { useState } from 'react';
import { TextField } from '../../../ui/TextField';

export interface IntegerFieldProps {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
}

function inRange(text: string, min: number, max: number): boolean {
  const value = Number(text);
  return text.trim() !== '' && Number.isInteger(value) && value >= min && value <= max;
}

/** Keeps the typed text while it is not a valid number yet, so the field can be cleared and retyped. */
export function IntegerField({ label, value, min, max, onChange }: IntegerFieldProps) {
  const [text, setText] = useState(String(value));
  return (
    <TextField
      label={label}
      inputMode="numeric"
      value={text}
      onChange={(next) => {
        setText(next);
        if (inRange(next, min, max)) onChange(Number(next));
      }}
      onBlur={() => setText(String(value))}
      errorMessage={inRange(text, min, max) ? undefined : `${min} to ${max}`}
    />
  );
}
