export * as publicDashboard from './public-dashboard';
export { publicDataCsv } from './public-dashboard-csv';
export * as publicDashboardLinks from './public-dashboard-links';
export { LOGO_HEADERS, readLogo, uploadLogo } from './public-dashboard-logo';
export { previewDashboard } from './public-dashboard-preview';
export { isPublicViewCached, publicViewEntry, publicViewForPath } from './public-dashboard-view';
export { latestPublishedStage } from './queries/public-dashboard';
export * as publicDashboardFiguresQueries from './queries/public-dashboard-figures';
