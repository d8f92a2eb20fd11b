/**
 * The test factories, one module for every test: each call makes rows of its own (unique names),
 * so tests never depend on the demo seed or on one another. Split by entity; import from here.
 */
export * from './budget-years';
export * from './duplicates';
export * from './import';
export * from './lines';
export * from './money';
export * from './reference';
export * from './unique';
export * from './worlds';
export * from './projected';
