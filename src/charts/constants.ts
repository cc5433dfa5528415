/** What every chart shows when its frame holds no data. */
export const NO_DATA_MESSAGE = 'No data for this time frame';
