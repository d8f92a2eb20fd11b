/** Row and header heights in pixels (the theme uses them too), to size a grid to its rows. */
export const GRID_ROW_HEIGHT = 42;
export const GRID_HEADER_HEIGHT = 40;
