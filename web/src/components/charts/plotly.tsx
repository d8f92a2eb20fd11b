import Plotly from 'plotly.js/lib/core';
import bar from 'plotly.js/lib/bar';
import pie from 'plotly.js/lib/pie';
import createPlotlyComponent from 'react-plotly.js/factory';

// The partial bundle: core plus the two trace types the dashboards draw (about a quarter of the
// full library). This module is only ever imported lazily, so no page pays for it on first load.
Plotly.register([bar, pie]);

export const Plot = createPlotlyComponent(Plotly);
