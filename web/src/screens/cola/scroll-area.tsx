// COLA's tables were the first to scroll sideways on a phone; the region now lives in the shared
// components (every screen's wide table uses it).
export { ScrollArea } from '@web/components/scroll-area';
