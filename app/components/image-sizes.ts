/**
 * Spec §9 image heights, in CSS pixels: a supplier's logo 30, a car offered to choose from 85, the car chosen 30.
 * Car pictures are drawn at 180 x 100, so each width keeps that shape.
 */
export const SUPPLIER_LOGO = { height: 30, width: 60 } as const;
export const CAR_OPTION_IMAGE = { height: 85, width: 153 } as const;
/** A car's own page: its picture at twice a result's size. */
export const CAR_PAGE_IMAGE = { height: 170, width: 306 } as const;
export const SELECTED_CAR_IMAGE = { height: 30, width: 54 } as const;
/** A place's picture beside its desk's address (drawn within 720 x 400, shown at a car page's size). */
export const DESK_PICTURE = { height: 170, width: 306 } as const;
