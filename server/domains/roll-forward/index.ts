export { rollForward } from './roll-forward';
export { latestRollForward, undoRollForward } from './undo';
