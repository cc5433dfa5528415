import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshnessOf, UpdatedAgo } from './UpdatedAgo';

describe('UpdatedAgo', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  it('counts the seconds since the data arrived and turns amber at 3 periods, red at 10', () => {
    render(<UpdatedAgo updatedAt={1_000_000 - 4_000} periodMs={5_000} />);
    const mark = screen.getByText('updated 4 s ago');
    expect(mark).toHaveAttribute('data-freshness', 'fresh');

    act(() => vi.advanceTimersByTime(11_000));
    expect(mark).toHaveTextContent('updated 15 s ago');
    expect(mark).toHaveAttribute('data-freshness', 'stale');

    act(() => vi.advanceTimersByTime(35_000));
    expect(mark).toHaveTextContent('updated 50 s ago');
    expect(mark).toHaveAttribute('data-freshness', 'late');
  });

  it('shows nothing before the first data', () => {
    const { container } = render(<UpdatedAgo updatedAt={0} periodMs={5_000} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('classifies by whole periods', () => {
    expect(freshnessOf(14_999, 5_000)).toBe('fresh');
    expect(freshnessOf(15_000, 5_000)).toBe('stale');
    expect(freshnessOf(50_000, 5_000)).toBe('late');
  });
});
