import { type IsoDate, todayIn } from '@portal/domain';
import { useOperator } from './operator.ts';

/**
 * Today as a calendar date in the operator's timezone, the "today" every domain rule takes
 * (docs/architecture.md). Read on each render, so a page left open past midnight moves on.
 */
export function useToday(): IsoDate {
  const operator = useOperator();
  return todayIn(operator.timezone, new Date());
}
