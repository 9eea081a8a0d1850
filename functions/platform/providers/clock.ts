import { randomIds, systemClock } from '../ports/clock';

export const clock = () => systemClock;
export const ids = () => randomIds;
