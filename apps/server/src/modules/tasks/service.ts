/*
 * What other modules and the seed use of the tasks area: boards made on demand, and a project's
 * tasks taken off its board before the project (and the board with it) goes.
 */
export { columnsOf, DEFAULT_COLUMNS, ensureBoard, releaseProjectTasks } from './board';
