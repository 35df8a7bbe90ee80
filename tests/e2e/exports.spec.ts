// The detail screen's exports looked at closely, on the demo workspace: the chart as the PNG and the PDF
// report draw it, pixel by pixel against the chart on screen, in both themes; and the PDF report's tables,
// every row of them, with short values whole.
import { writeFile } from 'node:fs/promises';
import { MAX_BREAKDOWN_LIMIT } from '@footfall/contract/constants';
import {
  blendOf,
  closeColours,
  pdfImagesAsPng,
  pixelsAt,
  pointsUnderLine,
  type Rgb,
} from './support/chart-pixels';
import { apiAnalytics, apiToken, downloadFrom, expect, signInAsDemo, test } from './support/dashboard';
import { readEnvironment } from './support/environment';
import { pdfStrings } from './support/pdf-text';

/** Device pixels per CSS pixel of the exported chart images. */
const EXPORT_SCALE = 2;
/** How far a colour of the exported image may be from the screen's, per channel (edges, rounding). */
const SCREEN_TOLERANCE = 12;
/** Where the PNG export puts the chart: below its title and within its margin (`PNG_FRAME_LAYOUT`). */
const PNG_FRAME = { margin: 24, header: 52, legend: 32 };

for (const theme of ['light', 'dark'] as const) {
  test(`the chart PNG and the PDF's chart fill the area under the line as the screen does, in the ${theme} theme`, async ({
    page,
  }, testInfo) => {
    const companyId = await signInAsDemo(page);
    await page.evaluate((choice) => localStorage.setItem('footfall-theme', choice), theme);
    await page.goto(`/dashboard/${companyId}/detail`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    const chart = page.locator('svg[data-chart="timeseries"]');
    await expect(chart).toBeVisible();

    const { points, series, background } = await pointsUnderLine(chart);
    expect(points.length, 'places under the line to look at').toBeGreaterThanOrEqual(3);
    const screen = await chart.screenshot({ path: testInfo.outputPath(`chart-${theme}-screen.png`) });
    const [screenBackground, ...onScreen] = await pixelsAt(page, screen, [background, ...points], 1);

    const png = (await downloadFrom(page, 'Chart (PNG)')).file;
    await writeFile(testInfo.outputPath(`chart-${theme}.png`), png);
    const pdf = (await downloadFrom(page, 'PDF report')).file;
    await writeFile(testInfo.outputPath(`report-${theme}.pdf`), pdf);
    const [pdfChart] = pdfImagesAsPng(pdf);
    if (!pdfChart) throw new Error('the PDF report has no chart image');
    await writeFile(testInfo.outputPath(`report-${theme}-chart.png`), pdfChart);

    // The PNG frames the chart with its title, period and legend; the PDF's chart is the chart alone.
    const box = await chart.boundingBox();
    const size = await page.evaluate(async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const image = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      return { width: image.width, height: image.height };
    }, png.toString('base64'));
    const { margin, header, legend } = PNG_FRAME;
    expect(size).toEqual({
      width: Math.round(((box?.width ?? 0) + 2 * margin) * EXPORT_SCALE),
      height: Math.round(((box?.height ?? 0) + 2 * margin + header + legend) * EXPORT_SCALE),
    });
    for (const [name, image, offset] of [
      ['PNG', png, { x: margin, y: margin + header }],
      ['PDF chart', pdfChart, { x: 0, y: 0 }],
    ] as const) {
      const [imageBackground, ...underLine] = await pixelsAt(
        page,
        image,
        [background, ...points].map((point) => ({ ...point, x: point.x + offset.x, y: point.y + offset.y })),
        EXPORT_SCALE,
      );
      expect(closeColours(imageBackground as Rgb, screenBackground as Rgb, 3), `${name} background`).toBe(
        true,
      );
      underLine.forEach((pixel, index) => {
        const where = `${name} at ${points[index]?.x},${points[index]?.y}: rgb(${pixel}) against rgb(${onScreen[index]}) on screen`;
        const { amount, offBy } = blendOf(pixel, imageBackground as Rgb, series);
        // A thin layer of the series colour over the background, as the area's gradient lays it.
        expect(amount, where).toBeGreaterThan(0.04);
        expect(amount, where).toBeLessThan(0.5);
        expect(offBy, where).toBeLessThan(12);
        expect(closeColours(pixel, onScreen[index] as Rgb, SCREEN_TOLERANCE), where).toBe(true);
      });
    }
  });
}

test('the PDF report lists every row of every table, and cuts only values too long for the page', async ({
  page,
}) => {
  const companyId = await signInAsDemo(page);
  const { demoEmail, demoPassword } = readEnvironment();
  const detail = await apiAnalytics(await apiToken(demoEmail, demoPassword), companyId, {
    compare: 'previous_period',
    limit: String(MAX_BREAKDOWN_LIMIT),
  });
  expect(detail.timeseries.length).toBeGreaterThan(25);
  await page.goto(`/dashboard/${companyId}/detail`);
  await expect(page.locator('svg[data-chart="timeseries"]')).toBeVisible();
  const shown = new Set(pdfStrings((await downloadFrom(page, 'PDF report')).file));

  const missing = (values: string[]) => values.filter((value) => !shown.has(value));
  expect(missing(detail.timeseries.map((point) => point.date))).toEqual([]);
  for (const breakdown of ['languages', 'countries', 'browsers', 'devices'] as const) {
    expect(missing(detail.breakdowns[breakdown].map((row) => row.value)), breakdown).toEqual([]);
  }
  // Paths are whole unless too long for the page: what the sample traffic has is short.
  expect(missing(detail.breakdowns.pages.map((row) => row.value).filter((path) => path.length < 60))).toEqual(
    [],
  );
});
