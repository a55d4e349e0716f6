/**
 * Kenya's time zone (UTC+3, no DST): calendar dates and times of day are shown in Nairobi time
 * whatever the viewer's or server's own zone is. Its own module, free of date-fns: a page that only
 * formats through `Intl` does not load the formatting library with the constant.
 */
export const NAIROBI_TIME_ZONE = 'Africa/Nairobi';
