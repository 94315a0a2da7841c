/** The add button's distance from the screen's right and bottom edges, in px. */
export const EDGE = 24;
/** Room kept between the button and any control it would otherwise touch, in px. */
export const CLEARANCE = 8;
/** Bottom padding a page gives its last item so that, scrolled to the end, the button covers none. */
export const ROOM_FOR_ADD_BUTTON = `${56 + EDGE + CLEARANCE * 2}px`;
