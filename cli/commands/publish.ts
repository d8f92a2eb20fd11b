import type { Command } from 'commander';
import { fiscalYearLabel as label, parseFiscalYear } from '@server/schemas/fiscal-year';
import { publishBody, type PublicDashboardConfig } from '@server/schemas/public-dashboard';
import * as service from '@server/services/public-dashboard';
import { withCli } from '../context';
import { parseFlags, printJson } from '../output';

/** '2026,FY27' -> [2026, 2027]; a part that is no fiscal year stays text for the schema to refuse. */
const yearList = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => parseFiscalYear(part) ?? part);

function statusLines(config: PublicDashboardConfig, publicPath: string): string {
  const years = config.publishedYears.map(label).join(', ') || '(none)';
  return [
    `Public address:   ${publicPath}`,
    `Published:        ${config.isPublished ? `yes, at ${config.publishedAt}` : 'no'}`,
    `Published years:  ${years}`,
    `Data changed since the last Publish: ${config.dataChangedSincePublish ? 'yes (publish again to show it)' : 'no'}`,
  ].join('\n');
}

/**
 * `publish --years 2026,2027 [--url-path PATH]` and `publish --status`: the Public Dashboard's
 * Publish button and status, through the same service (a snapshot of each year's public figures,
 * in one transaction).
 */
export function registerPublishCommands(program: Command): void {
  program
    .command('publish')
    .description(
      'Publish the public dashboard (a snapshot of each year’s public figures), or show its status',
    )
    .option('--years <years>', 'fiscal years to publish, e.g. 2026,2027 (default: the saved years)')
    .option('--url-path <path>', 'publish at /public/<path> (letters, digits, - and _)')
    .option('--status', 'show what is published, without publishing')
    .option('--json', 'print JSON')
    .action(async (opts: { years?: string; urlPath?: string; status?: boolean; json?: boolean }) => {
      if (opts.status) {
        await withCli(program.opts().as, async ({ app, actor }) => {
          const status = await service.publishStatus(app, actor);
          if (opts.json) {
            printJson(status);
          } else {
            process.stdout.write(`${statusLines(status.config, status.publicPath)}\n`);
          }
        });
        return;
      }
      const body = parseFlags(
        publishBody,
        {
          ...(opts.years === undefined ? {} : { publishedYears: yearList(opts.years) }),
          ...(opts.urlPath === undefined ? {} : { urlPath: opts.urlPath }),
        },
        { publishedYears: '--years' },
      );
      await withCli(program.opts().as, async ({ app, actor }) => {
        const { config } = await service.getConfig(app, actor);
        const result = await service.publish(app, actor, config.id, body);
        if (opts.json) {
          printJson(result);
        } else {
          process.stdout.write(
            `Published ${result.publishedYears.map(label).join(', ')} at ${result.publicPath} (${result.publishedAt}).\n`,
          );
        }
      });
    });
}
