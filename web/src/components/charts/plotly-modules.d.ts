// plotly.js ships no types for its partial-bundle entry points; react-plotly.js types the props.
declare module 'plotly.js/lib/core' {
  const Plotly: { register(modules: unknown[]): void };
  export default Plotly;
}
declare module 'plotly.js/lib/bar' {
  const bar: unknown;
  export default bar;
}
declare module 'plotly.js/lib/pie' {
  const pie: unknown;
  export default pie;
}
