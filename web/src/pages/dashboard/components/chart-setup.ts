import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';

// Only the parts the dashboard draws (bars on a category and a value axis, with tooltips): chart.js
// leaves the rest of its controllers, elements, scales and plugins out of the bundle.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export { Chart };
