export { Board, type BoardCardState, type BoardColumn, type BoardMove, type BoardProps } from './Board';
