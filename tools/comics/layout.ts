/** The comic page: 1280x720, where the ground lines and the caption sit. */
export const W = 1280;
export const H = 720;
/** Where the far sky meets the land. */
export const HORIZON = 470;
/** The feet of foreground figures. */
export const FOOT_Y = 588;
/** The caption box's side margin and bottom margin. */
export const CAPTION_MARGIN = 44;
export const CAPTION_BOTTOM = 20;
