// GTK 4 and libadwaita for BinderyGTK: the headers, and small wrappers for what GTK declares as
// function-like macros (type casts, g_signal_connect), which Swift cannot import. Only what
// libadwaita 1.2 and GTK 4.8 have (Debian 12's) is used.
#ifndef CGTK_SHIM_H
#define CGTK_SHIM_H
#include <gtk/gtk.h>
#include <adwaita.h>
#ifdef __linux__
#include <glib-unix.h>
#endif
#include <pthread.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/syscall.h>
#endif

static inline GObject *cgtk_object(void *p) { return G_OBJECT(p); }
static inline GtkWidget *cgtk_widget(void *p) { return GTK_WIDGET(p); }
static inline GtkWindow *cgtk_window(void *p) { return GTK_WINDOW(p); }
static inline GtkBox *cgtk_box(void *p) { return GTK_BOX(p); }
static inline GtkLabel *cgtk_label(void *p) { return GTK_LABEL(p); }
static inline GtkEditable *cgtk_editable(void *p) { return GTK_EDITABLE(p); }
static inline GtkEntry *cgtk_entry(void *p) { return GTK_ENTRY(p); }
static inline GtkButton *cgtk_button(void *p) { return GTK_BUTTON(p); }
static inline GtkCheckButton *cgtk_check_button(void *p) { return GTK_CHECK_BUTTON(p); }
static inline GtkSwitch *cgtk_switch(void *p) { return GTK_SWITCH(p); }
static inline GtkRange *cgtk_range(void *p) { return GTK_RANGE(p); }
static inline GtkScale *cgtk_scale(void *p) { return GTK_SCALE(p); }
static inline GtkSpinButton *cgtk_spin_button(void *p) { return GTK_SPIN_BUTTON(p); }
static inline GtkTextView *cgtk_text_view(void *p) { return GTK_TEXT_VIEW(p); }
static inline GtkDropDown *cgtk_drop_down(void *p) { return GTK_DROP_DOWN(p); }
static inline GtkListBox *cgtk_list_box(void *p) { return GTK_LIST_BOX(p); }
static inline GtkListBoxRow *cgtk_list_box_row(void *p) { return GTK_LIST_BOX_ROW(p); }
static inline GtkAccessible *cgtk_accessible(void *p) { return GTK_ACCESSIBLE(p); }
static inline GtkEventController *cgtk_event_controller(void *p) { return GTK_EVENT_CONTROLLER(p); }
static inline GListModel *cgtk_list_model(void *p) { return G_LIST_MODEL(p); }
static inline GtkLevelBar *cgtk_level_bar(void *p) { return GTK_LEVEL_BAR(p); }
static inline GtkProgressBar *cgtk_progress_bar(void *p) { return GTK_PROGRESS_BAR(p); }
static inline GtkToggleButton *cgtk_toggle_button(void *p) { return GTK_TOGGLE_BUTTON(p); }
static inline GtkCalendar *cgtk_calendar(void *p) { return GTK_CALENDAR(p); }
static inline GtkPicture *cgtk_picture(void *p) { return GTK_PICTURE(p); }
static inline GtkNotebook *cgtk_notebook(void *p) { return GTK_NOTEBOOK(p); }
static inline GtkMenuButton *cgtk_menu_button(void *p) { return GTK_MENU_BUTTON(p); }
static inline GtkPopover *cgtk_popover(void *p) { return GTK_POPOVER(p); }
static inline GdkPaintable *cgtk_paintable(void *p) { return GDK_PAINTABLE(p); }

/* GObject properties by name, for binding any property of any object (GTK declares the type ids and
   the class lookups as macros). */
static inline int cgtk_is_object(void *p) { return p != NULL && G_IS_OBJECT(p); }
static inline GParamSpec *cgtk_find_property(void *object, const char *name) {
  return g_object_class_find_property(G_OBJECT_GET_CLASS(object), name);
}
static inline GType cgtk_param_value_type(GParamSpec *spec) { return G_PARAM_SPEC_VALUE_TYPE(spec); }
static inline GType cgtk_value_type(const GValue *value) { return G_VALUE_TYPE(value); }
static inline GType cgtk_object_type(void *object) { return G_OBJECT_TYPE(object); }
static inline const char *cgtk_object_type_name(void *object) { return G_OBJECT_TYPE_NAME(object); }
static inline int cgtk_type_is_a(GType type, GType ancestor) { return g_type_is_a(type, ancestor); }
static inline GType cgtk_type_fundamental(GType type) { return G_TYPE_FUNDAMENTAL(type); }
static inline GType cgtk_type_string(void) { return G_TYPE_STRING; }
static inline GType cgtk_type_boolean(void) { return G_TYPE_BOOLEAN; }
static inline GType cgtk_type_int(void) { return G_TYPE_INT; }
static inline GType cgtk_type_uint(void) { return G_TYPE_UINT; }
static inline GType cgtk_type_long(void) { return G_TYPE_LONG; }
static inline GType cgtk_type_ulong(void) { return G_TYPE_ULONG; }
static inline GType cgtk_type_int64(void) { return G_TYPE_INT64; }
static inline GType cgtk_type_uint64(void) { return G_TYPE_UINT64; }
static inline GType cgtk_type_char(void) { return G_TYPE_CHAR; }
static inline GType cgtk_type_uchar(void) { return G_TYPE_UCHAR; }
static inline GType cgtk_type_float(void) { return G_TYPE_FLOAT; }
static inline GType cgtk_type_double(void) { return G_TYPE_DOUBLE; }
static inline GType cgtk_type_enum(void) { return G_TYPE_ENUM; }
static inline GType cgtk_type_flags(void) { return G_TYPE_FLAGS; }
static inline GType cgtk_type_object(void) { return G_TYPE_OBJECT; }
static inline GType cgtk_type_date_time(void) { return G_TYPE_DATE_TIME; }
static inline GType cgtk_type_rgba(void) { return GDK_TYPE_RGBA; }
static inline GType cgtk_type_widget(void) { return GTK_TYPE_WIDGET; }
static inline GType cgtk_type_window(void) { return GTK_TYPE_WINDOW; }

/// The object's reference count (for lifetime tests).
static inline guint cgtk_ref_count(void *p) { return g_atomic_int_get(&G_OBJECT(p)->ref_count); }

/// Whether the caller runs on the process's main thread (where GTK runs).
static inline int cgtk_is_main_thread(void) {
#ifdef __linux__
  return syscall(SYS_gettid) == getpid();
#else
  return pthread_main_np();
#endif
}

/// Labels a widget for assistive technologies with another widget (a field's label).
static inline void cgtk_set_labelled_by(GtkWidget *widget, GtkWidget *label) {
  gtk_accessible_update_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
}

/// Names a widget for assistive technologies (a button that shows only a symbol: "3 stars").
static inline void cgtk_set_accessible_label(GtkWidget *widget, const char *label) {
  gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

/// Names a widget for assistive technologies with `label` alone, in place of the labels a
/// container gave it (an action row labels its entry with its title, which then reads twice).
static inline void cgtk_set_sole_accessible_label(GtkWidget *widget, const char *label) {
  gtk_accessible_reset_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

/// A list box that assistive technologies read as a group, not a list (a form's boxed rows).
static inline GtkWidget *cgtk_list_box_new_group(void) {
  return GTK_WIDGET(g_object_new(GTK_TYPE_LIST_BOX, "accessible-role", GTK_ACCESSIBLE_ROLE_GROUP, NULL));
}

/// A row that assistive technologies read as a radio group (a rating's stars).
static inline GtkWidget *cgtk_box_new_radio_group(void) {
  return GTK_WIDGET(g_object_new(GTK_TYPE_BOX, "accessible-role", GTK_ACCESSIBLE_ROLE_RADIO_GROUP,
                                 "orientation", GTK_ORIENTATION_HORIZONTAL, NULL));
}

/// A menu button that assistive technologies read as a plain group: the toggle button inside it,
/// which takes the focus, is the button a screen reader names and reads.
static inline GtkWidget *cgtk_menu_button_new_group(void) {
  return GTK_WIDGET(g_object_new(GTK_TYPE_MENU_BUTTON, "accessible-role", GTK_ACCESSIBLE_ROLE_GROUP, NULL));
}

/// A button that assistive technologies read as a radio button, checked or not (a rating's star).
static inline GtkWidget *cgtk_button_new_radio(void) {
  return GTK_WIDGET(g_object_new(GTK_TYPE_BUTTON, "accessible-role", GTK_ACCESSIBLE_ROLE_RADIO, NULL));
}

/// Whether a radio button is checked, for assistive technologies.
static inline void cgtk_set_accessible_checked(GtkWidget *widget, int checked) {
  gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_CHECKED,
                              checked ? GTK_ACCESSIBLE_TRISTATE_TRUE : GTK_ACCESSIBLE_TRISTATE_FALSE, -1);
}

// A column header's sort state for assistive technologies: 0 none, 1 ascending, 2 descending.
static inline void cgtk_set_accessible_sort(GtkWidget *widget, int sort) {
  gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_SORT, (GtkAccessibleSort)sort, -1);
}

/* An outline's row: whether it is expanded (-1: it has no children, so no expanded state), and its level. */
static inline void cgtk_set_accessible_tree_row(GtkWidget *row, int expanded, int level) {
  if (expanded < 0) gtk_accessible_reset_state(GTK_ACCESSIBLE(row), GTK_ACCESSIBLE_STATE_EXPANDED);
  else gtk_accessible_update_state(GTK_ACCESSIBLE(row), GTK_ACCESSIBLE_STATE_EXPANDED, expanded ? TRUE : FALSE, -1);
  gtk_accessible_update_property(GTK_ACCESSIBLE(row), GTK_ACCESSIBLE_PROPERTY_LEVEL, level, -1);
}

/// Marks a widget's value invalid, or valid, for assistive technologies (a field whose text was refused).
static inline void cgtk_set_invalid(GtkWidget *widget, int invalid) {
  gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_INVALID,
                              invalid ? GTK_ACCESSIBLE_INVALID_TRUE : GTK_ACCESSIBLE_INVALID_FALSE, -1);
}

/// Describes a widget for assistive technologies with `text` shown in the widget `by` (a field's
/// error line), or with nothing when `text` is NULL.
static inline void cgtk_set_described_by(GtkWidget *widget, GtkWidget *by, const char *text) {
  if (text) {
    gtk_accessible_update_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_DESCRIBED_BY, by, NULL, -1);
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
  } else {
    gtk_accessible_reset_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_DESCRIBED_BY);
    gtk_accessible_reset_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  }
}

/// Sets a string property by name (`placeholder-text` of entries and password entries).
static inline void cgtk_set_string(void *object, const char *property, const char *value) {
  g_object_set(G_OBJECT(object), property, value, NULL);
}

/// A handler of a signal whose handler takes the instance and the user data.
typedef void (*CGTKHandler)(void *instance, void *user_data);
/// A handler of a signal whose handler takes the instance, one pointer argument and the user data.
typedef void (*CGTKPointerHandler)(void *instance, void *argument, void *user_data);
/// A handler of a signal that returns a boolean (`close-request`).
typedef gboolean (*CGTKBoolHandler)(void *instance, void *user_data);

static inline gulong cgtk_signal_connect(void *instance, const char *signal, CGTKHandler handler, void *user_data,
                                         GClosureNotify destroy_data) {
  return g_signal_connect_data(instance, signal, G_CALLBACK(handler), user_data, destroy_data, 0);
}

static inline gulong cgtk_signal_connect_pointer(void *instance, const char *signal, CGTKPointerHandler handler,
                                                 void *user_data, GClosureNotify destroy_data) {
  return g_signal_connect_data(instance, signal, G_CALLBACK(handler), user_data, destroy_data, 0);
}

/// Connected to run after the class's and others' handlers: only when none of them stopped the
/// emission (a `close-request` an app vetoed, a window that hides on close).
static inline gulong cgtk_signal_connect_bool_after(void *instance, const char *signal, CGTKBoolHandler handler,
                                                    void *user_data, GClosureNotify destroy_data) {
  return g_signal_connect_data(instance, signal, G_CALLBACK(handler), user_data, destroy_data, G_CONNECT_AFTER);
}

/* A key controller on `widget` whose key-pressed runs `handler` (keyval, modifiers, user_data),
   which answers TRUE when it handled the key. Bubble phase: the widget's children see keys first. */
typedef gboolean (*CGTKKeyHandler)(void *controller, guint keyval, guint keycode, GdkModifierType state,
                                   void *user_data);
static inline gulong cgtk_add_key_handler(GtkWidget *widget, CGTKKeyHandler handler, void *user_data,
                                          GClosureNotify destroy_data) {
  GtkEventController *keys = gtk_event_controller_key_new();
  gtk_widget_add_controller(widget, keys);
  return g_signal_connect_data(keys, "key-pressed", G_CALLBACK(handler), user_data, destroy_data, 0);
}

/* libadwaita's window, header bar, toasts and status page. */
static inline AdwWindow *cgtk_adw_window(void *p) { return ADW_WINDOW(p); }
static inline AdwApplicationWindow *cgtk_adw_application_window(void *p) { return ADW_APPLICATION_WINDOW(p); }
static inline AdwHeaderBar *cgtk_adw_header_bar(void *p) { return ADW_HEADER_BAR(p); }
static inline AdwToastOverlay *cgtk_adw_toast_overlay(void *p) { return ADW_TOAST_OVERLAY(p); }
static inline AdwStatusPage *cgtk_adw_status_page(void *p) { return ADW_STATUS_PAGE(p); }
static inline AdwWindowTitle *cgtk_adw_window_title(void *p) { return ADW_WINDOW_TITLE(p); }
static inline GtkApplication *cgtk_application(void *p) { return GTK_APPLICATION(p); }
static inline GApplication *cgtk_g_application(void *p) { return G_APPLICATION(p); }
static inline GActionMap *cgtk_action_map(void *p) { return G_ACTION_MAP(p); }
static inline int cgtk_is_adw_header_bar(void *p) { return p != NULL && ADW_IS_HEADER_BAR(p); }
static inline int cgtk_is_adw_status_page(void *p) { return p != NULL && ADW_IS_STATUS_PAGE(p); }
static inline int cgtk_is_adw_window(void *p) { return p != NULL && ADW_IS_WINDOW(p); }
static inline int cgtk_is_adw_application_window(void *p) { return p != NULL && ADW_IS_APPLICATION_WINDOW(p); }

static inline AdwPreferencesRow *cgtk_adw_preferences_row(void *p) { return ADW_PREFERENCES_ROW(p); }
static inline AdwActionRow *cgtk_adw_action_row(void *p) { return ADW_ACTION_ROW(p); }
static inline int cgtk_is_spin_button(void *p) { return p != NULL && GTK_IS_SPIN_BUTTON(p); }

/* A spin button whose text belongs to its field: GTK reads a number from the text (so that its
   arrows step from it) but never writes the text, which the field's bindings format. Text that is
   not a number (digits with an optional sign, point and grouping commas or spaces) is an input
   error: the value stays and the text is left as typed, for the field's validation to judge. */
static inline gint cgtk_spin_button_read_text(GtkSpinButton *spin, gdouble *value, gpointer data) {
  (void)data;
  const char *text = gtk_editable_get_text(GTK_EDITABLE(spin));
  char digits[64];
  size_t count = 0;
  for (const char *c = text; *c != 0; c++) {
    if (*c == ',' || *c == ' ' || *c == '_') continue;
    if (count + 1 >= sizeof digits) return GTK_INPUT_ERROR;
    digits[count++] = *c;
  }
  digits[count] = 0;
  if (count == 0) return GTK_INPUT_ERROR;
  char *end = NULL;
  double number = g_ascii_strtod(digits, &end);
  if (end == NULL || *end != 0 || number != number) return GTK_INPUT_ERROR;
  *value = number;
  return TRUE;
}
static inline gboolean cgtk_spin_button_keep_text(GtkSpinButton *spin, gpointer data) {
  (void)spin;
  (void)data;
  return TRUE;
}
static inline void cgtk_spin_button_take_text(GtkWidget *spin) {
  g_signal_connect(spin, "input", G_CALLBACK(cgtk_spin_button_read_text), NULL);
  g_signal_connect(spin, "output", G_CALLBACK(cgtk_spin_button_keep_text), NULL);
}

/// Sets the keyboard shortcut of an application's action (`app.quit`: `<Control>q`).
static inline void cgtk_set_accel(GtkApplication *app, const char *action, const char *accel) {
  const char *accels[] = {accel, NULL};
  gtk_application_set_accels_for_action(app, action, accels);
}

/* libdispatch's hooks for a foreign run loop (CoreFoundation's use them): the main queue's wake-up
   handle, and the call that runs what is queued on the main queue (the main actor's jobs). */
#ifdef __linux__
extern int _dispatch_get_main_queue_handle_4CF(void);
#endif
extern void _dispatch_main_queue_callback_4CF(void *msg);
#endif
