// Race to five in the browser: the count so far, and the legal additions as buttons.
export default {
  render(root, view, ctx) {
    const { h, t, names } = ctx;
    root.replaceChildren(h("p", {}, `${view.count} / ${view.goal}`), h("p", {}, names.goal || ""));
  },
};
