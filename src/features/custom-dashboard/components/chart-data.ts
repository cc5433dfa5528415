import type { CategoryChartData } from '../../../charts/types';
import type { ExecutionResults, StatusCount, TestPlanData } from '../../../shared/contracts/custom-dashboard';

/** Failures by type (§2 Overall Result): a bar per failure label. */
export function failuresChart(failures: ExecutionResults['failures']): CategoryChartData {
  return {
    categoryLabel: 'Failure label',
    valueLabel: 'Failures',
    categories: failures.map((failure) => failure.labelName),
    series: [{ key: 'failures', label: 'Failures', values: failures.map((failure) => failure.count) }],
  };
}

/** Run counts by final state, a bar per state so each keeps its result colour (PASSED green, FAILED red). */
export function statusChart(counts: readonly StatusCount[], category: string): CategoryChartData {
  return {
    categoryLabel: 'Runs of',
    valueLabel: 'Runs',
    categories: counts.length === 0 ? [] : [category],
    series: counts.map((count) => ({ key: count.status, label: count.status, values: [count.count] })),
  };
}

/** Passed and failed runs per collection of the test plan (§2). */
export function collectionResultsChart(plan: TestPlanData['testPlanData']): CategoryChartData {
  return {
    categoryLabel: 'Collection',
    valueLabel: 'Runs',
    categories: plan.map((row) => row.collectionName),
    series: [
      { key: 'passed', label: 'Passed', values: plan.map((row) => row.passed) },
      { key: 'failed', label: 'Failed', values: plan.map((row) => row.failed) },
    ],
  };
}

/** The defect breakdown of the chosen failure labels (the category filter), in the answer's order. */
export function defectChart(defects: TestPlanData['defectBreakDownData'], shown: ReadonlySet<string>): CategoryChartData {
  const kept = defects.filter((defect) => shown.has(defect.tagName));
  return {
    categoryLabel: 'Failure label',
    valueLabel: 'Failures',
    categories: kept.map((defect) => defect.tagName),
    series: [{ key: 'failures', label: 'Failures', values: kept.map((defect) => defect.failureCount) }],
  };
}

/**
 * The progress line: per day of the frame, the pass percentage of the runs so far (one decimal). A day without runs
 * keeps the figure of the days before it instead of dropping to 0, which would read as every run failing.
 */
export function progressChart(progress: TestPlanData['testProgress']): CategoryChartData {
  let passed = 0;
  let runs = 0;
  const values = progress.collProgressData.map((day) => {
    passed += day.pass;
    runs += day.pass + day.fail;
    return runs === 0 ? 0 : Math.round((passed / runs) * 1000) / 10;
  });
  return {
    categoryLabel: 'Date',
    valueLabel: 'Pass %',
    categories: progress.collProgressData.map((day) => day.date),
    series: [{ key: 'pass', label: progress.collProgressDataLabel || 'Pass %', values }],
  };
}

/** §2: Total Time in hours, minutes and seconds. */
export function totalTimeText({ hours, minutes, seconds }: ExecutionResults['totalTime']): string {
  return `${hours} h ${minutes} m ${seconds} s`;
}
