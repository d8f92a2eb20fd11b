export { latestRollForward, rollForward, undoRollForward } from './roll-forward';
