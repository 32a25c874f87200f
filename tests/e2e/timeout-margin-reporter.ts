import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

// The browser tests' side of tests/support/timeout-margin-reporter.ts (issue 38): every walk that
// took more than a third of its timeout, listed after the run (retries counted by their last try).
const MARGIN = 3;

export default class TimeoutMarginReporter implements Reporter {
  private readonly close = new Map<string, { ms: number; timeout: number }>();

  onTestEnd(test: TestCase, result: TestResult) {
    const name = `[${test.parent.project()?.name}] ${test.location.file.replace(`${process.cwd()}/`, "")}:${test.location.line} ${test.title}`;
    if (result.status !== "passed" || result.duration * MARGIN <= test.timeout) this.close.delete(name);
    else this.close.set(name, { ms: result.duration, timeout: test.timeout });
  }

  onEnd(_result: FullResult) {
    if (!this.close.size) {
      console.log(`\nTimeout margin: every test passed in less than a third of its timeout.`);
      return;
    }
    console.log(`\nTimeout margin: ${this.close.size} test(s) took more than a third of their timeout (this machine's load counts):`);
    for (const [name, { ms, timeout }] of [...this.close].sort((a, b) => b[1].ms / b[1].timeout - a[1].ms / a[1].timeout)) {
      console.log(`  ${(ms / 1000).toFixed(1)} s of ${(timeout / 1000).toFixed(1)} s (${((ms / timeout) * 100).toFixed(0)} %)  ${name}`);
    }
  }
}
