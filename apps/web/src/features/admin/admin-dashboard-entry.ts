/**
 * The console's dashboard, one step removed: router.tsx imports this small module, and this
 * module imports the page and its loader (with the charts), so the first chunk every visitor
 * loads names one file here instead of the dashboard's whole list of dependencies.
 */
export const dashboardPage = () => import("./AdminDashboardPage");
export const dashboardLoader = async () => (await import("./admin-loaders")).adminStatsLoader;
